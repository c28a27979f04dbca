package longchat

// zhParaphrases are Chinese statements and questions about them that
// share no character bigram.
var zhParaphrases = []paraphrase{
	{key: "heights", ask: "谁恐高？", gist: "怕高，不敢走玻璃栈道", stmt: stmt{mood: "meh", say: []string{
		"玻璃栈道打死我也不去，上次走了两步腿就软了",
		"站在二十楼阳台往下看我都心慌",
	}}},
	{key: "instrument", ask: "谁会弹乐器？", gist: "在练大提琴", stmt: stmt{mood: "meh", say: []string{
		"今晚练了两小时大提琴，手指都磨破了",
		"大提琴老师说我拉得终于不像锯木头了哈哈",
	}}},
	{key: "baby", ask: "谁家要添丁了？", gist: "怀孕了，预产期在秋天", stmt: stmt{mood: "good", say: []string{
		"B超做完了，医生说宝宝很健康，预产期在十月",
		"跟大家报个喜，我们家明年春天多一口人[害羞]",
	}}},
	{key: "engaged", ask: "谁有对象了？", gist: "脱单了", stmt: stmt{mood: "good", say: []string{
		"脱单了脱单了！下次聚会带过来给你们看看",
		"跟大家汇报一下，本人不再单身了[害羞]",
	}}},
	{key: "bone", ask: "谁骨折了？", gist: "手腕打了石膏", stmt: stmt{mood: "bad", say: []string{
		"打了石膏，医生说要养六周，单手打字好累",
		"下楼梯踩空，手腕裂了，这个月都干不了活了",
	}}},
	{key: "smoking", ask: "谁戒烟了？", gist: "很久没抽了", stmt: stmt{mood: "good", say: []string{
		"已经四十天没抽了，嘴里老想嚼点东西",
		"最后一包也扔了，从今天开始不碰了，监督我",
	}}},
	{key: "meat", ask: "谁吃素？", gist: "不吃肉", stmt: stmt{mood: "meh", say: []string{
		"我不吃肉的，给我点个清炒时蔬就行",
		"我好几年不碰荤腥了，豆腐是我的本命",
	}}, avoid: []string{"dislike"}},
	{key: "stolen", ask: "谁的车被偷了？", gist: "电动车在地铁站门口没了", stmt: stmt{mood: "bad", say: []string{
		"我停在地铁站门口的电动车没了，监控啥也没拍到",
		"早上下楼一看，小电驴不见了，锁都被剪了",
	}}, avoid: []string{"car"}},
	{key: "accident", ask: "谁出车祸了？", gist: "等红灯被追尾", stmt: stmt{mood: "bad", say: []string{
		"等红灯的时候被后面的追尾了，人没事，保险杠报废了",
	}}, avoid: []string{"car"}},
	{key: "insomnia", ask: "谁睡不着觉？", gist: "失眠，凌晨三点还醒着", stmt: stmt{mood: "bad", say: []string{
		"凌晨三点还醒着，褪黑素也没用",
		"又失眠了，看着天一点点亮起来",
	}}},
	{key: "tattoo", ask: "谁纹身了？", gist: "手腕上刺了一片叶子", stmt: stmt{mood: "meh", say: []string{
		"手腕上刚刺了一片小叶子，没想象中那么疼",
	}}},
	{key: "flying", ask: "谁怕坐飞机？", gist: "宁可坐高铁", stmt: stmt{mood: "meh", say: []string{
		"宁可坐十几个小时高铁，起飞那一下我手心全是汗",
	}}},
	{key: "surgery", ask: "谁做了手术？", gist: "阑尾割了", stmt: stmt{mood: "bad", say: []string{
		"阑尾割掉了，刚出院，伤口还有点痒",
	}}},
	{key: "volunteer", ask: "谁当志愿者？", gist: "周末去给流浪猫铲屎喂饭", stmt: stmt{mood: "meh", say: []string{
		"周末去给流浪猫铲屎喂饭，累但是开心",
	}}},
	{key: "prize", ask: "谁得奖了？", gist: "摄影比赛一等奖", stmt: stmt{mood: "good", say: []string{
		"我拍的那张外滩夜景拿了摄影比赛一等奖！",
	}}},
	{key: "garden", ask: "谁在种菜？", gist: "阳台上种番茄黄瓜", stmt: stmt{mood: "meh", say: []string{
		"阳台上的小番茄红了，黄瓜也爬满了架子",
	}}},
	{key: "wallet", ask: "谁丢了钱包？", gist: "卡包落在出租车上", stmt: stmt{mood: "bad", say: []string{
		"卡包落在出租车上了，刚挂失完所有的卡",
	}}},
	{key: "japanese", ask: "谁会说日语？", gist: "在大阪待过六年", stmt: stmt{mood: "meh", say: []string{
		"我在大阪待了六年，看日剧都不用字幕",
	}}},
	{key: "diet", ask: "谁在减肥？", gist: "晚饭只吃半根玉米，掉了八斤", stmt: stmt{mood: "meh", say: []string{
		"晚饭只吃了半根玉米，饿得前胸贴后背",
		"这个月已经掉了八斤，奶茶都戒了",
	}}},
	{key: "laidoff", ask: "谁被裁员了？", gist: "整个部门被优化", stmt: stmt{mood: "bad", say: []string{
		"今天早上整个部门都被优化了，开始找工作了",
	}}, avoid: []string{"job"}},
	{key: "glasses", ask: "谁要配眼镜？", gist: "验光三百度，去挑镜框", stmt: stmt{mood: "meh", say: []string{
		"验光说我三百度了，明天去挑镜框",
	}}},
	{key: "renovation", ask: "谁在装修房子？", gist: "厨房全砸了", stmt: stmt{mood: "bad", say: []string{
		"工人今天把厨房全砸了，接下来一个月只能点外卖",
	}}},
}

// zhSpans are pairs of Chinese statements weeks apart.
var zhSpans = []span{{
	start: stmt{mood: "good", say: []string{"报了个吉他班，手指头按得生疼", "今天第一节吉他课，先买了把二手的"}},
	end:   stmt{mood: "good", say: []string{"第一次上台演出！弹了三首，手一直在抖", "今晚在livehouse上台弹吉他了，紧张死"}},
	ask:   []string{"{name}学吉他多久后第一次上台演出？"},
}, {
	start: stmt{mood: "meh", say: []string{"今天开始学车了，教练脾气好差", "驾校报名了，今天第一次摸方向盘"}},
	end:   stmt{mood: "good", say: []string{"驾照拿到了！！科目三一把过"}},
	ask:   []string{"{name}从开始学车到拿到驾照用了多久？"},
}, {
	start: stmt{mood: "bad", say: []string{"今天戴上牙套了，吃饭都疼[裂开]"}},
	end:   stmt{mood: "good", say: []string{"牙套终于摘了！！对着镜子笑了半天"}},
	ask:   []string{"{name}戴了多久牙套？"},
}, {
	start: stmt{mood: "meh", say: []string{"报了个游泳班，今天第一次下水，喝了好几口"}},
	end:   stmt{mood: "good", say: []string{"今天能一口气游完五十米了！"}},
	ask:   []string{"{name}从开始学游泳到能游五十米用了多久？"},
}, {
	start: stmt{mood: "meh", say: []string{"开始看房了，这周看了六套，没一套满意"}},
	end:   stmt{mood: "good", say: []string{"拿到新房钥匙啦！"}},
	ask:   []string{"{name}从开始看房到拿到钥匙用了多久？"},
}, {
	start: stmt{mood: "meh", say: []string{"办了张瑜伽卡，今天第一节课，全身僵硬"}},
	end:   stmt{mood: "good", say: []string{"今天第一次做成头倒！！坚持了十秒"}},
	ask:   []string{"{name}练瑜伽多久后第一次做成了头倒？"},
}}

// zhMilestones are one-off Chinese events.
var zhMilestones = []milestone{
	{stmt: stmt{mood: "good", say: []string{"跑完人生第一个全马了！！五小时出头，腿已经不是我的了"}},
		ask: []string{"{name}是哪天跑完第一个全马的？"}},
	{stmt: stmt{mood: "good", say: []string{"今天去跳伞了！！从四千米跳下来，叫了一路"}},
		ask: []string{"{name}哪天去跳的伞？"}},
	{stmt: stmt{mood: "good", say: []string{"房贷今天终于还清了！！自由了"}},
		ask: []string{"{name}是哪天还清房贷的？"}},
	{stmt: stmt{mood: "bad", say: []string{"智齿拔了，脸肿成包子，只能喝粥"}},
		ask: []string{"{name}哪天拔的智齿？"}},
	{stmt: stmt{mood: "good", say: []string{"今天第一次去献血了，400毫升，还送了个小熊"}},
		ask: []string{"{name}哪天第一次去献的血？"}},
	{stmt: stmt{mood: "good", say: []string{"今晚周杰伦演唱会！！嗓子喊哑了"}},
		ask: []string{"{name}哪天去看的周杰伦演唱会？"}},
}
